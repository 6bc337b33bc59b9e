import { legalPage } from "~/components/legal/legal-page";
import { privacy } from "~/content/legal/privacy";

const page = legalPage(privacy);
export const headers = page.headers;
export const meta = page.meta;
export default page.Page;
