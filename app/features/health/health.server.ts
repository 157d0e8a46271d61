import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";

/** Whether the database answers a trivial query: what the health check reports. */
export function databaseAnswers(): boolean {
  try {
    db().get(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
