// The admin's Instagram connection (the /instagram-token screen and the reel register page).
import { assertAdmin, type Admin } from "~/lib/session.server";
import { instagramStatus, saveInstagramToken } from "./token.server";

export function instagramConnection(admin: Admin | null) {
  assertAdmin(admin);
  return instagramStatus();
}

export async function connectInstagram(admin: Admin | null, token: string) {
  assertAdmin(admin);
  return saveInstagramToken(token);
}
