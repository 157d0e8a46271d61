import { privacyRoute } from "~/features/privacy/route";

const route = privacyRoute("phonefinder");
export const loader = route.loader;
export const meta = route.meta;
export default route.Component;
