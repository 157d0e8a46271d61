import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";

export function loader() {
  try {
    db().get(sql`select 1`);
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
