// A new password's rule as the server enforces it (issue 21), said in the admin's forms before they send.
export const PASSWORD_MIN = 10;
