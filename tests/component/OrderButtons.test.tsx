import type { ActionFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";

import { OrderButtons } from "~/components/OrderButtons";
import { renderRoutes } from "./remix-stub";

/** The list as the stand-in server keeps it, and what its action received. */
let names: string[] = [];
let posted: FormData[] = [];

function List() {
  const { items } = useLoaderData<{ items: string[] }>();
  return (
    <ol>
      {items.map((name, at) => (
        <li key={name}>
          {name}
          <OrderButtons action="/list?mode=edit" id={at + 1} name={name} isFirst={at === 0} isLast={at === items.length - 1} />
        </li>
      ))}
    </ol>
  );
}

/** Stands in for the page action: moves the posted row one step. */
async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  posted.push(form);
  const from = Number(form.get("id")) - 1;
  const to = form.get("direction") === "up" ? from - 1 : from + 1;
  [names[from], names[to]] = [names[to]!, names[from]!];
  return { ok: true };
}

function renderList(items: string[]) {
  names = [...items];
  posted = [];
  return renderRoutes([{ path: "/list", Component: List, loader: () => ({ items: [...names] }), action }], "/list?mode=edit");
}

describe("OrderButtons", () => {
  test("every row has 위로 and 아래로 named after the item; the first cannot go up, the last cannot go down", async () => {
    renderList(["감각 놀이 매트", "소근육 퍼즐", "그림책"]);
    expect(await screen.findByRole("button", { name: "감각 놀이 매트 위로" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "감각 놀이 매트 아래로" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "소근육 퍼즐 위로" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "소근육 퍼즐 아래로" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "그림책 아래로" })).toBeDisabled();
    expect(screen.getAllByRole("button", { name: /위로$/ }).map((button) => button.textContent)).toEqual(["위로", "위로", "위로"]);
  });

  test("위로 posts intent=move with the id and direction (in place: JavaScript runs), and the row moves in place", async () => {
    renderList(["감각 놀이 매트", "소근육 퍼즐"]);
    await userEvent.click(await screen.findByRole("button", { name: "소근육 퍼즐 위로" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "소근육 퍼즐 위로" })).toBeDisabled());
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: "move", id: "2", direction: "up", inPlace: "true" });
    expect(screen.getAllByRole("listitem").map((item) => item.firstChild?.textContent)).toEqual(["소근육 퍼즐", "감각 놀이 매트"]);
    expect(screen.getByRole("button", { name: "감각 놀이 매트 아래로" })).toBeDisabled();
  });
});

describe("OrderButtons keep her place (issue 33, point 8)", () => {
  test("after a move the focus is back on the button pressed, on the moved row", async () => {
    renderList(["블록", "그림책", "퍼즐", "매트", "공"]);
    await userEvent.click(await screen.findByRole("button", { name: "퍼즐 아래로" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "퍼즐 아래로" })).toHaveFocus());
    expect(screen.getAllByRole("listitem").map((item) => item.firstChild?.textContent)).toEqual(["블록", "그림책", "매트", "퍼즐", "공"]);
  });

  test("a row that reached an end keeps the focus on its other button", async () => {
    renderList(["블록", "그림책", "퍼즐"]);
    await userEvent.click(await screen.findByRole("button", { name: "그림책 위로" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "그림책 아래로" })).toHaveFocus());
    expect(screen.getByRole("button", { name: "그림책 위로" })).toBeDisabled();
  });
});
