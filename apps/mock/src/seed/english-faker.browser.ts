import type { Faker } from '@faker-js/faker';
import { faker } from '@faker-js/faker/locale/en';

/** faker with its English locale, imported with the browser mock (Node loads it lazily: english-faker.ts). */
export function englishFaker(): Faker {
  return faker;
}
