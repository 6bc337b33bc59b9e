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
  type CreateKeyActionData,
} from "~/components/developers/keys/CreateApiKeyForm";
import { NewKeySecret } from "~/components/developers/keys/NewKeySecret";
import {
  createApiKeySchema,
  createFormDefaults,
  createFormQuery,
  expiresAtFor,
  revokeApiKeySchema,
} from "~/core/api/key-schema";
import { beyondRoleMessage, scopesForRole } from "~/core/api/key-rules";
import { requirePermission, requireRecentStepUp } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
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
          message: "API key revoked",
          description: `"${result.name}" stopped working just now: requests with it are refused.`,
        })
      : redirectWithError(paths.merchantDevelopers, {
          message: "Nothing changed",
          description: "That key is already revoked or is not one of your keys.",
        });
  }

  const submission = parseWithZod(formData, { schema: createApiKeySchema });
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
                ? beyondRoleMessage(made.role, made.scopes)
                : "Your membership has changed: sign in again.",
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
    { message: "API key created", description: "Copy it now: you will not see it again." },
  );
}

export default function DeveloperApiKeys() {
  const { keys, defaults, role, allowedScopes } = useLoaderData<typeof loader>();
  const actionData = useActionData<CreateKeyActionData>();
  return (
    <div className="mt-8 space-y-10">
      {actionData?.created ? <NewKeySecret created={actionData.created} /> : null}
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="text-xl font-semibold text-ink">
          API keys
        </h2>
        <p className="mt-2 text-slate-700">
          Your server sends a key with every API request. Test keys (oh_test_…) work on test data
          against the simulators; live keys (oh_live_…) move real money. Keep keys secret: never put
          them in a web page or an app.
        </p>
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
    title: "API Keys",
    description: "Create and revoke API keys for the OneHop API.",
    path: paths.merchantDevelopers,
    noindex: true,
  });
