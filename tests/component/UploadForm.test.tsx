import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { ImageField } from "~/components/ImageField";
import { UploadSubmit } from "~/components/UploadSubmit";
import { shrinkTarget } from "~/lib/upload-form";
import { useUploadForm } from "~/lib/use-upload-form";
import { renderInRoute } from "./remix-stub";

/** An XMLHttpRequest that only records what was sent; the test plays the network's part. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  responseType = "";
  status = 0;
  url = "";
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
}

beforeEach(() => {
  FakeRequest.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
});
afterEach(() => vi.unstubAllGlobals());

function ProductForm({ uploadMaxMb }: { uploadMaxMb: number }) {
  const upload = useUploadForm({ uploadMaxMb });
  return (
    <form aria-label="제품 등록" action="/product-upsert/0" method="post" {...upload.withUpload({ onSubmit: () => undefined })}>
      <label htmlFor="name">제품명</label>
      <input id="name" name="productsNm" />
      <ImageField label="제품 이미지" currentUrl={null} errors={upload.pictureErrors.imageFile} />
      <UploadSubmit label="등록" upload={upload.state} busy={false} />
    </form>
  );
}

const photo = (bytes: number, name = "IMG_0001.heic", type = "image/heic") => new File([new Uint8Array(bytes)], name, { type });

async function fillAndSave(uploadMaxMb: number, file: File) {
  const user = userEvent.setup();
  renderInRoute(<ProductForm uploadMaxMb={uploadMaxMb} />, "/product-upsert/0");
  await user.type(screen.getByLabelText("제품명"), "말랑 촉감 공");
  await user.upload(screen.getByLabelText("제품 이미지"), file);
  await user.click(screen.getByRole("button", { name: "등록" }));
  return user;
}

describe("shrinking a picked picture before it is sent", () => {
  test.each([
    [
      "a 4000×3000 camera JPEG → JPEG, longest side 2048",
      "image/jpeg",
      4000,
      3000,
      { type: "image/jpeg", width: 2048, height: 1536, quality: 0.85 },
    ],
    [
      "a portrait 3000×4000 WebP stays WebP, 2048 high",
      "image/webp",
      3000,
      4000,
      { type: "image/webp", width: 1536, height: 2048, quality: 0.85 },
    ],
    [
      "a 1170×2532 PNG screenshot stays PNG (lossless), 2048 high",
      "image/png",
      1170,
      2532,
      { type: "image/png", width: 946, height: 2048 },
    ],
    ["a PNG screenshot that fits is sent as it is", "image/png", 1170, 2000, null],
    ["a JPEG that fits is sent as it is", "image/jpeg", 1600, 1200, null],
    ["a GIF keeps its animation", "image/gif", 4000, 3000, null],
    [
      "a HEIC (decoded by Safari) becomes JPEG even when it fits",
      "image/heic",
      1600,
      1200,
      { type: "image/jpeg", width: 1600, height: 1200, quality: 0.85 },
    ],
  ])("%s", (_label, type, width, height, expected) => {
    expect(shrinkTarget(type, width, height)).toEqual(expected);
  });

  test("a picture the browser cannot shrink and over the limit is refused beside its field; nothing is sent, the typed name stays", async () => {
    await fillAndSave(1, photo(1024 * 1024 + 1));
    const message = "이 이미지는 줄일 수 없고 1MB보다 커서 올릴 수 없습니다. 다른 이미지를 골라 주세요.";
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByLabelText("제품 이미지")).toHaveAccessibleDescription(message);
    expect(FakeRequest.sent).toHaveLength(0);
    expect(screen.getByLabelText("제품명")).toHaveValue("말랑 촉감 공");
    expect(screen.getByRole("button", { name: "등록" })).toBeEnabled();
  });
});

describe("sending with progress", () => {
  test("the save shows the upload's percentage, sends once however often she taps, and a dropped connection keeps the form", async () => {
    const user = await fillAndSave(1, photo(1000));
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    const [request] = FakeRequest.sent;
    expect(request!.url).toBe("http://localhost:3000/product-upsert/0.data");
    expect(request!.body!.get("productsNm")).toBe("말랑 촉감 공");
    expect((request!.body!.get("imageFile") as File).name).toBe("IMG_0001.heic");
    // Its file field keeps the picture, so the server need not hold it when the form comes back.
    expect(request!.body!.get("pictureKept")).toBe("1");

    request!.upload.onprogress!({ lengthComputable: true, loaded: 40, total: 100 });
    const bar = await screen.findByRole("progressbar", { name: "업로드 진행률" });
    await waitFor(() => expect(bar).toHaveAttribute("value", "40"));
    expect(screen.getByText("40%")).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "저장하는 중…" });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(FakeRequest.sent, "a second tap while sending sends nothing").toHaveLength(1);

    request!.onerror!();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "연결이 끊겨 저장하지 못했습니다. 입력한 내용은 그대로 있으니 다시 저장해 주세요.",
    );
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.getByLabelText("제품명")).toHaveValue("말랑 촉감 공");

    await user.click(screen.getByRole("button", { name: "등록" }));
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(2));
    expect((FakeRequest.sent[1]!.body!.get("imageFile") as File).name, "the picked file is sent again").toBe("IMG_0001.heic");
  });
});
