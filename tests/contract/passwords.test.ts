// What a new staff password is refused for, in the words the sign-up and account forms show.
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../../src/contract/passwords';

const EMAIL = 'Sam@Touchline.test';

describe('passwordProblem', () => {
  it('takes a password from 10 to 256 characters', () => {
    expect(PASSWORD_MIN).toBe(10);
    expect(PASSWORD_MAX).toBe(256);
    expect(passwordProblem('x'.repeat(10), EMAIL)).toBeUndefined();
    expect(passwordProblem('a long passphrase with spaces', EMAIL)).toBeUndefined();
    expect(passwordProblem('x'.repeat(256), EMAIL)).toBeUndefined();
  });

  it('refuses one shorter than 10 characters', () => {
    expect(passwordProblem('x'.repeat(9), EMAIL)).toBe('The password must have at least 10 characters');
    expect(passwordProblem('', EMAIL)).toBe('The password must have at least 10 characters');
  });

  it('refuses one longer than 256 characters', () => {
    expect(passwordProblem('x'.repeat(257), EMAIL)).toBe('The password must have at most 256 characters');
  });

  it('refuses the account’s email, whatever its case and surrounding spaces', () => {
    for (const password of ['Sam@Touchline.test', 'sam@touchline.test', '  SAM@TOUCHLINE.TEST ']) {
      expect(passwordProblem(password, EMAIL)).toBe('The password must not be your email');
    }
    expect(passwordProblem('sam@touchline.test!', EMAIL)).toBeUndefined();
  });
});
