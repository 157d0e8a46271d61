import { z } from "zod";

// Messages zod writes itself (wrong type, unknown key...) are in Korean like the rest of the site.
z.config(z.locales.ko());

export { z };
