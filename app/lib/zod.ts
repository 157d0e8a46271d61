import { config } from "zod";
import korean from "zod/v4/locales/ko.js";

// Messages zod writes itself (wrong type, unknown key...) are in Korean like the rest of the site.
config(korean());

// Import it as `import * as z from "~/lib/zod"`: the bundler then keeps only the parts of zod a
// schema uses, and only this locale (a namespace held as one object would bring all of zod).
export * from "zod";
