import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { formSubmissions } from "~/db/schema";

type Kind = "products" | "reel_categories" | "partner_ads" | "guide_categories" | "guides";

/** Called inside the register's write, in the same transaction as its insert. */
export type RecordSubmission = (recordId: number) => void;

function isDuplicateKey(error: unknown) {
  return error instanceof Error && "code" in error && String(error.code).startsWith("SQLITE_CONSTRAINT");
}

/**
 * A register that happens once per submission id: a retry (the answer to the first attempt was
 * lost with the connection) gets the record the first attempt made instead of a second one. The
 * first attempt's record is looked up before the (slow) image is stored, and again when two
 * attempts race and the second one's insert meets the first one's id.
 */
export async function registerOnce<T>(
  kind: Kind,
  submissionId: string | undefined,
  earlier: (recordId: number) => T | undefined,
  register: (recordSubmission: RecordSubmission) => Promise<T>,
): Promise<T> {
  if (!submissionId) return register(() => undefined);
  const find = () => {
    const row = db().select().from(formSubmissions).where(eq(formSubmissions.id, submissionId)).get();
    return row && row.kind === kind ? earlier(row.recordId) : undefined;
  };
  const found = find();
  if (found !== undefined) return found;
  // The record made then was deleted since: the id may name the new one.
  db().delete(formSubmissions).where(eq(formSubmissions.id, submissionId)).run();
  try {
    return await register((recordId) => db().insert(formSubmissions).values({ id: submissionId, kind, recordId }).run());
  } catch (error) {
    const raced = isDuplicateKey(error) ? find() : undefined;
    if (raced === undefined) throw error;
    return raced;
  }
}
