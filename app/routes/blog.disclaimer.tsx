import { legalPage } from "~/components/legal/legal-page";
import { disclaimer } from "~/content/legal/disclaimer";

const page = legalPage(disclaimer);
export const headers = page.headers;
export const meta = page.meta;
export default page.Page;
