import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";

import { InstaFilterForm } from "~/features/reels/components/InstaFilterForm";
import { InstaItem } from "~/features/reels/components/InstaItem";
import { renderInRoute, renderRoutes } from "./remix-stub";

const PATH = "/reels-upsert/0/info";

/** As the register screen does: the filter lives in the URL, and the page reads it back. */
function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  return {
    values: {
      regDateFilter: query.get("regDateFilter") ?? "",
      endDateFilter: query.get("endDateFilter") ?? "",
      checkedFilter: query.get("checkedFilter") === "on",
      checkedAscFilter: query.get("checkedAscFilter") === "on",
    },
    filedCount: query.has("filedCount") ? Number(query.get("filedCount")) : null,
    errors: query.get("regDateFilter") === "2024-13-01" ? { regDateFilter: ["날짜 형식이 올바르지 않습니다. (예: 2025-01-31)"] } : {},
  };
}

function RegisterPage() {
  const { values, errors, filedCount } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <main>
      <InstaFilterForm action={PATH} values={values} errors={errors} filedCount={filedCount} />
      <output aria-label="현재 조건">{location.search}</output>
    </main>
  );
}

function renderFilter(search = "") {
  renderRoutes([{ path: PATH, Component: RegisterPage, loader }], `${PATH}${search}`);
  return screen.findByRole("group", { name: "인스타 등록일 범위" });
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

describe("InstaFilterForm", () => {
  test("offers a start and an end date, the two checkboxes and 검색, filled from the URL", async () => {
    const dates = await renderFilter("?regDateFilter=2024-05-01&endDateFilter=2024-05-31&checkedAscFilter=on");
    expect(within(dates).getByLabelText("등록일 시작")).toHaveValue("2024-05-01");
    expect(within(dates).getByLabelText("등록일 끝")).toHaveValue("2024-05-31");
    expect(screen.getByRole("checkbox", { name: "이미 등록된 릴스 제외" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "오래된 순으로 보기" })).toBeChecked();
    expect(screen.getByRole("button", { name: "검색" })).toBeInTheDocument();
  });

  test("moving the start past the end clears the end", async () => {
    const user = userEvent.setup();
    const dates = await renderFilter("?regDateFilter=2024-05-01&endDateFilter=2024-05-10");
    await typeDate(user, within(dates).getByLabelText("등록일 시작"), "2024-05-20");
    expect(within(dates).getByLabelText("등록일 시작")).toHaveValue("2024-05-20");
    expect(within(dates).getByLabelText("등록일 끝")).toHaveValue("");
  });

  test("a start on or before the end keeps the end", async () => {
    const user = userEvent.setup();
    const dates = await renderFilter("?regDateFilter=2024-05-01&endDateFilter=2024-05-10");
    await typeDate(user, within(dates).getByLabelText("등록일 시작"), "2024-05-10");
    expect(within(dates).getByLabelText("등록일 끝")).toHaveValue("2024-05-10");
  });

  test("검색 puts the range and oldest-first into the URL (a GET, so it also works without JavaScript)", async () => {
    const user = userEvent.setup();
    const dates = await renderFilter();
    await typeDate(user, within(dates).getByLabelText("등록일 시작"), "2024-05-20");
    await typeDate(user, within(dates).getByLabelText("등록일 끝"), "2024-05-21");
    await user.click(screen.getByRole("checkbox", { name: "오래된 순으로 보기" }));
    await user.click(screen.getByRole("button", { name: "검색" }));
    expect(await screen.findByRole("status", { name: "현재 조건" })).toHaveTextContent(
      "?regDateFilter=2024-05-20&endDateFilter=2024-05-21&checkedAscFilter=on",
    );
    expect(screen.getByRole("checkbox", { name: "오래된 순으로 보기" })).toBeChecked();
  });

  test("the date picker opens on click and on focus", async () => {
    const user = userEvent.setup();
    const dates = await renderFilter();
    const start = within(dates).getByLabelText<HTMLInputElement>("등록일 시작");
    const showPicker = vi.fn();
    start.showPicker = showPicker;
    await user.click(start);
    expect(showPicker).toHaveBeenCalled();
    showPicker.mockClear();
    await user.tab({ shift: true });
    await user.tab();
    expect(start).toHaveFocus();
    expect(showPicker).toHaveBeenCalled();
  });

  test("a refused date is shown on its field", async () => {
    const dates = await renderFilter("?regDateFilter=2024-13-01");
    const start = within(dates).getByLabelText("등록일 시작");
    expect(start).toBeInvalid();
    expect(start).toHaveAccessibleDescription("날짜 형식이 올바르지 않습니다. (예: 2025-01-31)");
  });
});

describe("the filed marks", () => {
  test("once the feed is read, 이미 등록된 릴스 제외 says how many it leaves out", async () => {
    await renderFilter("?filedCount=3&checkedFilter=on");
    expect(screen.getByRole("checkbox", { name: "이미 등록된 릴스 제외 (3개)" })).toBeChecked();
  });

  test("a filed video names the categories it is in; an unfiled one has no mark", async () => {
    const media = {
      id: "1",
      mediaId: "1",
      image: null,
      instaRegDate: "2025-06-30 12:00:00",
      timestamp: "2025-06-30T03:00:00.000Z",
      link: null,
      caption: "가위질 놀이",
      permalink: null,
      isVideo: true,
    };
    renderInRoute(
      <ul>
        <li>
          <InstaItem item={media} filedIn={["감각통합", "소근육"]} selectable />
        </li>
        <li>
          <InstaItem item={{ ...media, id: "2", mediaId: "2", caption: "풍선 놀이" }} selectable />
        </li>
      </ul>,
    );
    const [filed, fresh] = await screen.findAllByRole("listitem");
    expect(within(filed!).getByText("등록됨 · 감각통합, 소근육")).toBeInTheDocument();
    expect(within(fresh!).queryByText(/등록됨/)).toBeNull();
  });
});
