import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";

import { DeleteConfirmation, DeleteSelectionForm, Selectable } from "~/components/ListDeletion";
import { EditLink, ListModeBar, listModeOf } from "~/components/ListModeBar";
import { renderRoutes } from "./remix-stub";

const ITEMS = [
  { id: 1, name: "감각 놀이 매트" },
  { id: 2, name: "소근육 퍼즐" },
];

const DELETE_FORM = "delete-selection";

/** What the list's delete action received, for the test to read. */
let posted: FormData[] = [];

/** Set by a test to keep the next page load pending until it calls the function it gets back. */
let holdNextLoad: ((release: () => void) => void) | null = null;

async function loader({ request }: LoaderFunctionArgs) {
  if (holdNextLoad) {
    const hold = holdNextLoad;
    holdNextLoad = null;
    await new Promise<void>((resolve) => hold(resolve));
  }
  return { mode: listModeOf(request, true) };
}

/** Stands in for the server door: review answers what would go, nothing ticked is refused. */
async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  posted.push(form);
  const ids = form.getAll("index").map(Number);
  if (ids.length === 0) return { formError: "삭제할 대상이 없습니다.", review: null };
  if (form.get("intent") === "review") {
    return { formError: null, review: { ids, lines: ITEMS.filter((item) => ids.includes(item.id)).map((item) => item.name) } };
  }
  return { formError: null, review: null };
}

function ListPage() {
  const { mode } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const loading = useNavigation().state === "loading";
  return (
    <main>
      {loading ? <p>다음 화면을 불러오는 중</p> : null}
      <ListModeBar mode={mode} basePath="/items" registerHref="/item-upsert/0" deleteFormId={DELETE_FORM} />
      {mode === "delete" ? <DeleteSelectionForm id={DELETE_FORM} action="/items?mode=delete" error={result?.formError} /> : null}
      {result?.review ? <DeleteConfirmation review={result.review} action="/items?mode=delete" /> : null}
      <ul>
        {ITEMS.map((item) => (
          <li key={item.id}>
            {mode === "edit" ? (
              <EditLink to={`/item-upsert/1700000000000/${item.id}`}>{item.name}</EditLink>
            ) : mode === "delete" ? (
              <Selectable formId={DELETE_FORM} id={item.id} label={item.name}>
                <span>{item.name}</span>
              </Selectable>
            ) : (
              <span>{item.name}</span>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}

function renderList(url: string) {
  posted = [];
  holdNextLoad = null;
  return renderRoutes(
    [
      { path: "/items", Component: ListPage, loader, action },
      { path: "/item-upsert/*", Component: () => <h1>편집 화면</h1> },
    ],
    url,
  );
}

describe("ListModeBar in normal mode", () => {
  test("offers 등록, 수정 and 삭제 as links; 수정 switches the list to edit mode", async () => {
    const user = userEvent.setup();
    renderList("/items");
    const bar = await screen.findByRole("toolbar", { name: "관리 메뉴" });
    expect(within(bar).getByRole("link", { name: "등록" })).toHaveAttribute("href", "/item-upsert/0");
    expect(within(bar).getByRole("link", { name: "삭제" })).toHaveAttribute("href", "/items?mode=delete");
    await user.click(within(bar).getByRole("link", { name: "수정" }));
    expect(await within(bar).findByRole("status")).toHaveTextContent("수정 중");
  });

  test("a mode a visitor puts in the URL is ignored", () => {
    expect(listModeOf(new Request("http://site.test/items?mode=delete"), false)).toBe("normal");
    expect(listModeOf(new Request("http://site.test/items?mode=drop"), true)).toBe("normal");
  });
});

describe("edit mode", () => {
  test("shows 수정 중 and 취소; each item is a link to its edit screen named by its text", async () => {
    const user = userEvent.setup();
    renderList("/items?mode=edit");
    expect(await screen.findByRole("status")).toHaveTextContent("수정 중");
    expect(screen.queryByRole("link", { name: "등록" })).toBeNull();
    const item = screen.getByRole("link", { name: "수정: 소근육 퍼즐" });
    expect(item).toHaveAttribute("href", "/item-upsert/1700000000000/2");
    await user.click(item);
    expect(await screen.findByRole("heading", { name: "편집 화면" })).toBeInTheDocument();
  });

  test("취소 returns to the normal list", async () => {
    const user = userEvent.setup();
    renderList("/items?mode=edit");
    await user.click(await screen.findByRole("link", { name: "취소" }));
    expect(await screen.findByRole("link", { name: "등록" })).toBeInTheDocument();
    expect(screen.queryByText("수정 중")).toBeNull();
  });
});

describe("delete mode", () => {
  test("shows 삭제 중; items are checkboxes named after them; 취소 resets", async () => {
    const user = userEvent.setup();
    renderList("/items?mode=delete");
    expect(await screen.findByRole("status")).toHaveTextContent("삭제 중");
    const mat = screen.getByRole("checkbox", { name: "감각 놀이 매트 선택" });
    await user.click(mat);
    expect(mat).toBeChecked();
    await user.click(mat);
    expect(mat).not.toBeChecked();
    await user.click(screen.getByRole("link", { name: "취소" }));
    expect(await screen.findByRole("link", { name: "등록" })).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  test("삭제 with nothing ticked shows 삭제할 대상이 없습니다.", async () => {
    const user = userEvent.setup();
    renderList("/items?mode=delete");
    await user.click(await screen.findByRole("button", { name: "삭제" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("삭제할 대상이 없습니다.");
  });

  test("삭제할 대상이 없습니다. goes as soon as an item is ticked, and is back when 삭제 is pressed with none", async () => {
    const user = userEvent.setup();
    renderList("/items?mode=delete");
    await user.click(await screen.findByRole("button", { name: "삭제" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("삭제할 대상이 없습니다.");
    const mat = screen.getByRole("checkbox", { name: "감각 놀이 매트 선택" });
    await user.click(mat);
    expect(screen.getByRole("alert")).toHaveTextContent("");
    expect(screen.queryByText("삭제할 대상이 없습니다.")).toBeNull();
    await user.click(mat);
    await user.click(screen.getByRole("button", { name: "삭제" }));
    expect(await screen.findByText("삭제할 대상이 없습니다.")).toBeInTheDocument();
  });

  test("the confirmation counts the ids the server reviewed, and those boxes are ticked on the page it renders", async () => {
    const user = userEvent.setup();
    renderList("/items?mode=delete");
    await user.click(await screen.findByRole("checkbox", { name: "감각 놀이 매트 선택" }));
    await user.click(screen.getByRole("checkbox", { name: "소근육 퍼즐 선택" }));
    await user.click(screen.getByRole("button", { name: "삭제" }));
    const dialog = await screen.findByRole("dialog", { name: "정말 삭제하시겠습니까?" });
    expect(within(dialog).getByText("2개 선택됨")).toBeInTheDocument();
    for (const box of screen.getAllByRole("checkbox", { hidden: true })) expect(box).toHaveAttribute("checked");
  });

  test("삭제 sends the ticked items for review, then asks 정말 삭제하시겠습니까? listing them", async () => {
    const user = userEvent.setup();
    renderList("/items?mode=delete");
    await user.click(await screen.findByRole("checkbox", { name: "소근육 퍼즐 선택" }));
    await user.click(screen.getByRole("button", { name: "삭제" }));

    const dialog = await screen.findByRole("dialog", { name: "정말 삭제하시겠습니까?" });
    expect(within(dialog).getByRole("listitem")).toHaveTextContent("소근육 퍼즐");
    expect(posted.at(-1)?.get("intent")).toBe("review");
    expect(posted.at(-1)?.getAll("index")).toEqual(["2"]);

    await user.click(within(dialog).getByRole("button", { name: "확인" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posted.at(-1)?.get("intent")).toBe("confirm");
    expect(posted.at(-1)?.getAll("index")).toEqual(["2"]);
  });

  test("a dismissed 정말 삭제하시겠습니까? stays closed while the page moves on", async () => {
    const user = userEvent.setup();
    renderList("/items?mode=delete");
    await user.click(await screen.findByRole("checkbox", { name: "소근육 퍼즐 선택" }));
    await user.click(screen.getByRole("button", { name: "삭제" }));
    const dialog = await screen.findByRole("dialog", { name: "정말 삭제하시겠습니까?" });
    await user.click(within(dialog).getByRole("button", { name: "취소" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    let release: () => void = () => undefined;
    holdNextLoad = (resolve) => (release = resolve);
    await user.click(within(screen.getByRole("toolbar")).getByRole("link", { name: "취소" }));
    await screen.findByText("다음 화면을 불러오는 중");
    expect(screen.queryByRole("dialog")).toBeNull();
    release();
    expect(await screen.findByRole("link", { name: "등록" })).toBeInTheDocument();
    expect(posted.map((form) => form.get("intent"))).toEqual(["review"]);
  });

  test("삭제 again after dismissing asks again, even for the same items", async () => {
    const user = userEvent.setup();
    renderList("/items?mode=delete");
    await user.click(await screen.findByRole("checkbox", { name: "감각 놀이 매트 선택" }));
    await user.click(screen.getByRole("button", { name: "삭제" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "삭제" }));
    expect(await screen.findByRole("dialog", { name: "정말 삭제하시겠습니까?" })).toHaveTextContent("감각 놀이 매트");
  });
});
