/**
 * The application's directors and owners (issue 31, item 6) for e2e specs that apply: every
 * application names at least one director.
 */
import type { Page } from "@playwright/test";

export interface PersonFields {
  role?: "director" | "owner";
  fullName: string;
  nationality?: string;
  idNumber: string;
  dateOfBirth: string;
  sharePercent?: string;
  pepDetails?: string;
}

/** Fill "Person n" (1-based) of the application's Directors and Owners. */
export async function fillPerson(page: Page, n: number, person: PersonFields): Promise<void> {
  const group = page.getByRole("group", { name: `Person ${n}`, exact: true });
  await group.getByLabel("Role").selectOption(person.role ?? "director");
  await group.getByLabel("Full name").fill(person.fullName);
  await group.getByLabel("Nationality").selectOption(person.nationality ?? "KE");
  await group.getByLabel("ID or passport number").fill(person.idNumber);
  await group.getByLabel("Date of birth").fill(person.dateOfBirth);
  if (person.sharePercent) await group.getByLabel("Share held (%)").fill(person.sharePercent);
  if (person.pepDetails) {
    await group.getByLabel(/politically exposed person/).check();
    await group.getByLabel(/PEP details/).fill(person.pepDetails);
  }
}

/** The one director most specs need. */
export function fillDirector(page: Page, fullName = "Achieng Otieno"): Promise<void> {
  return fillPerson(page, 1, { fullName, idNumber: "23456789", dateOfBirth: "1986-04-12" });
}
