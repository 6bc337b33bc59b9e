/**
 * Developers › API keys (/merchant/developers, issue 13 item 1): the merchant's keys (name, mode,
 * visible prefix, scopes, dates, status), "Create API key" and "Revoke". Creating needs a recent
 * step-up (the member confirms and comes back with the form filled in); the secret is shown once,
 * in this action's response only (never a cookie, a flash or a log). Revoking takes effect at once
 * and asks for no step-up. The rules live in core/api/key-management.server.ts.
 */
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ApiKeyList } from "~/components/developers/keys/ApiKeyList";
import {
  CreateApiKeyForm,
  createApiKeySchemaFor,
  type CreateKeyActionData,
} from "~/components/developers/keys/CreateApiKeyForm";
import { NewKeySecret } from "~/components/developers/keys/NewKeySecret";
import {
  createFormDefaults,
  createFormQuery,
  expiresAtFor,
  revokeApiKeySchema,
} from "~/core/api/key-schema";
import { scopesForRole } from "~/core/api/key-rules";
import { developersMessages } from "~/i18n/catalogs/developers";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
import { requirePermission, requireRecentStepUp } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { requestOrigin } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { jsonWithSuccess, redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { apiKeys } from "~/wiring/developers.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "developers:manage");
  return {
    keys: await apiKeys().apiKeyListItems(merchant.merchantId, Date.now()),
    defaults: createFormDefaults(new URL(request.url).searchParams),
    role: merchant.role,
    allowedScopes: scopesForRole(merchant.role),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "developers:manage");
  const keys = apiKeys();
  const words = inLocale(developersMessages, requestLocale(request));
  const formData = await request.formData();
  const actor = {
    merchantId: merchant.merchantId,
    userId: merchant.userId,
    origin: requestOrigin(request),
  };

  if (formData.get("intent") === "revoke") {
    const parsed = revokeApiKeySchema.safeParse(Object.fromEntries(formData));
    const result = parsed.success
      ? await keys.revokeKeyForMember(actor, parsed.data.keyId)
      : { ok: false as const };
    return result.ok
      ? redirectWithSuccess(paths.merchantDevelopers, {
          message: words.keyToasts.revoked,
          description: words.keyToasts.revokedDescription(result.name),
        })
      : redirectWithError(paths.merchantDevelopers, {
          message: words.keyToasts.nothingChanged,
          description: words.keyToasts.notRevocable,
        });
  }

  const submission = parseWithZod(formData, { schema: createApiKeySchemaFor(words.keyErrors) });
  if (formData.get("intent") !== "create" || submission.status !== "success")
    return data<CreateKeyActionData>({ lastResult: submission.reply() }, { status: 400 });
  const input = submission.value;
  // Back to this page with the choices filled in after confirming (nothing secret in them).
  requireRecentStepUp(request, merchant, `${paths.merchantDevelopers}?${createFormQuery(input)}`);
  const now = Date.now();
  const made = await keys.createKeyForMember(
    actor,
    {
      name: input.name,
      mode: input.mode,
      scopes: input.scopes,
      expiresAt: expiresAtFor(input.expires, now),
    },
    now,
  );
  // A key never does more than its maker: scopes beyond the role are refused at their field.
  if (!made.ok)
    return data<CreateKeyActionData>(
      {
        lastResult: submission.reply({
          fieldErrors: {
            scopes: [
              made.reason === "beyond_role"
                ? words.keyErrors.beyondRole(words.roles[made.role], made.scopes.join(", "))
                : words.keyErrors.membershipChanged,
            ],
          },
        }),
      },
      { status: 400 },
    );
  return jsonWithSuccess<CreateKeyActionData>(
    {
      lastResult: submission.reply({ resetForm: true }),
      created: { name: made.key.name, mode: made.key.mode, secret: made.secret },
    },
    { message: words.keyToasts.created, description: words.keyToasts.createdDescription },
  );
}

export default function DeveloperApiKeys() {
  const { keys, defaults, role, allowedScopes } = useLoaderData<typeof loader>();
  const actionData = useActionData<CreateKeyActionData>();
  const m = useMessages(developersMessages).keys;
  return (
    <div className="mt-8 space-y-10">
      {actionData?.created ? <NewKeySecret created={actionData.created} /> : null}
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="text-xl font-semibold text-ink">
          {m.heading}
        </h2>
        <p className="mt-2 text-slate-700">{m.intro}</p>
        <ApiKeyList keys={keys} />
      </section>
      {/* After a key is made the form starts empty again (remounted), not from the address. */}
      <CreateApiKeyForm
        key={actionData?.created ? "after-create" : "create"}
        defaults={actionData?.created ? createFormDefaults(new URLSearchParams()) : defaults}
        lastResult={actionData?.lastResult}
        role={role}
        allowedScopes={allowedScopes}
      />
    </div>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(developersMessages, matchesLocale(matches)).keys.metaTitle,
    description: inLocale(developersMessages, matchesLocale(matches)).keys.metaDescription,
    path: paths.merchantDevelopers,
    noindex: true,
  });
