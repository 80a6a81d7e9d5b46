import type { Faker } from '@faker-js/faker';
import { englishFaker } from '#english-faker';

/**
 * A new English faker with its own seed. Made from the English locale's entry: the package's main
 * entry loads all of its seventy locales, which took a third of the mock's start-up.
 */
export function newFaker(): Faker {
  const english = englishFaker();
  const EnglishFaker = english.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;
  return new EnglishFaker({ locale: english.rawDefinitions });
}
