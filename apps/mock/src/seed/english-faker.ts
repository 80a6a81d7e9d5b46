import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';

let english: Faker | undefined;

/**
 * faker with its English locale, loaded the first time a seed is made (Node; the browser build
 * imports it up front: english-faker.browser.ts). A start from the built seed, and every reset,
 * never makes one, and loading faker was about a tenth of that start.
 */
export function englishFaker(): Faker {
  english ??= (createRequire(import.meta.url)('@faker-js/faker/locale/en') as { faker: Faker }).faker;
  return english;
}
