// The admin every test app is started with (ADMIN_ID / ADMIN_PASSWORD).
export const ADMIN_ID = "therapist";
export const ADMIN_PASSWORD = "correct-horse-42";
