import type { Faker } from '@faker-js/faker';
import { faker } from '@faker-js/faker/locale/en';

/**
 * A new English faker with its own seed. Imported through the English locale's entry: the
 * package's main entry loads all of its seventy locales, which took a third of the mock's start-up.
 */
export function newFaker(): Faker {
  const EnglishFaker = faker.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;
  return new EnglishFaker({ locale: faker.rawDefinitions });
}
