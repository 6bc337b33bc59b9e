import { legalPage } from "~/components/legal/legal-page";
import { compliance } from "~/content/legal/compliance";

const page = legalPage(compliance);
export const headers = page.headers;
export const meta = page.meta;
export default page.Page;
