import { expect } from "vitest";

/**
 * expect(value).toBeTruthy() that TypeScript follows: after it, the value is known to be there (a
 * cookie found, a box measured), so the test reads on without `!`.
 */
export function expectPresent<T>(value: T, message?: string): asserts value is NonNullable<T> {
  expect(value, message).toBeTruthy();
}
