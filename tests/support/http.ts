// A tiny cookie-keeping client for talking to the test app like a browser would.
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async fetch(pathname: string, init: RequestInit & { json?: unknown; form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    } else if (init.form) {
      body = new URLSearchParams(init.form);
    }
    const method = init.method ?? (body ? "POST" : "GET");
    if (method !== "GET" && !headers.has("Origin")) headers.set("Origin", this.origin);
    const response = await fetch(new URL(pathname, this.origin), { ...init, method, headers, body, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}
