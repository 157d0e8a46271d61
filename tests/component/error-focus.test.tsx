import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, test, vi } from "vitest";

import { Field } from "~/components/Field";
import { FormError } from "~/components/FormErrors";
import { useErrorFocus } from "~/lib/use-error-focus";
import * as z from "~/lib/zod";
import { renderRoutes } from "./remix-stub";

const schema = z.object({
  title: z.string({ error: "제목을 입력해 주세요." }),
  note: z.string({ error: "메모를 입력해 주세요." }),
});

/** Stands in for a use case that refuses the whole form (like "nothing changed"). */
async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  return submission.reply({ formErrors: ["변경된 내용이 없습니다. 정보를 확인해 주세요."] });
}

function EditPage() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
  });
  const formProps = useErrorFocus(getFormProps(form), lastResult);
  return (
    <Form method="post" {...formProps}>
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="제목" meta={fields.title}>
        <input {...getInputProps(fields.title, { type: "text" })} />
      </Field>
      <Field label="메모" meta={fields.note}>
        <input {...getInputProps(fields.note, { type: "text" })} />
      </Field>
      <button type="submit">수정</button>
    </Form>
  );
}

let scrolledTo: Element[] = [];

beforeEach(() => {
  scrolledTo = [];
  // jsdom lays nothing out and has no scrollIntoView: record what would be scrolled to.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this);
  });
});

describe("useErrorFocus", () => {
  test("a submit the browser's checks refuse lands on the first invalid field, scrolled into view", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/edit", Component: EditPage, action }], "/edit");
    await user.type(await screen.findByLabelText("메모"), "메모만");
    await user.click(screen.getByRole("button", { name: "수정" }));
    const title = screen.getByLabelText("제목");
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAccessibleDescription("제목을 입력해 주세요.");
    expect(scrolledTo).toContain(title);
  });

  test("a form the server refuses lands on the form's message, before any field", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/edit", Component: EditPage, action }], "/edit");
    await user.type(await screen.findByLabelText("제목"), "제목");
    await user.type(screen.getByLabelText("메모"), "메모");
    await user.click(screen.getByRole("button", { name: "수정" }));
    const message = await screen.findByRole("alert");
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).toHaveTextContent("변경된 내용이 없습니다. 정보를 확인해 주세요.");
    expect(scrolledTo).toContain(message);
  });
});

describe("error messages without JavaScript", () => {
  test("a form's message is rendered to take the focus when the page loads (autofocus)", async () => {
    // A fresh module graph: as in a server render, nothing has hydrated yet.
    vi.resetModules();
    const { FormError: ServerFormError, FieldError: ServerFieldError } = await import("~/components/FormErrors");
    const { renderToString } = await import("react-dom/server");
    const html = renderToString(<ServerFormError id="f-error" errors={["아이디 또는 비밀번호가 올바르지 않습니다."]} />);
    expect(html).toContain("autofocus");
    expect(html).toContain('tabindex="-1"');
    expect(renderToString(<ServerFieldError id="t-error" errors={["제목을 입력해 주세요."]} />)).toContain("autofocus");
    expect(renderToString(<ServerFormError id="f-error" />)).not.toContain("autofocus");
  });
});
