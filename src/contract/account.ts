// The signed-in person's own account as the API answers it (the staff list and roles are in types.ts and roles.ts).

/** GET and PUT /api/account/profile: the signed-in person's author profile; a new post's footer starts from it. */
export type AuthorProfile = { name: string; title: string; photo: string };
