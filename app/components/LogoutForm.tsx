import { Form } from "@remix-run/react";
import { ko } from "~/copy/ko";

/** The one way to log out: a POST (no GET changes anything), so it works without JavaScript. */
export function LogoutForm({ buttonClassName }: { buttonClassName: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={buttonClassName}>
        {ko.login.logout}
      </button>
    </Form>
  );
}
