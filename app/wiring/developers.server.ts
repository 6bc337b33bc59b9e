/**
 * The Developers pages' services (ADR 0041): API keys and webhook endpoints on the process's
 * store. The rules live in core/api (key-management.server.ts, webhooks/endpoints.server.ts).
 */
import {
  apiKeyListItems,
  createKeyForMember,
  revokeKeyForMember,
} from "~/core/api/key-management.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhooksSince,
  resendWebhook,
  rotateWebhookSecret,
  sendWebhookPing,
  updateWebhookEndpoint,
} from "~/core/api/webhooks/endpoints.server";
import { bindStore, store } from "./store.server";

/** Developers › API keys: the merchant's keys; a member creates (within their role) or revokes. */
export const apiKeys = () =>
  bindStore(store(), { apiKeyListItems, createKeyForMember, revokeKeyForMember });

/** Developers › Webhooks: the merchant's endpoints, their delivery log, resend and replay. */
export const webhookEndpoints = () =>
  bindStore(store(), {
    createWebhookEndpoint,
    deleteWebhookEndpoint,
    getWebhookEndpoint,
    listWebhookDeliveries,
    listWebhookEndpoints,
    replayWebhooksSince,
    resendWebhook,
    rotateWebhookSecret,
    sendWebhookPing,
    updateWebhookEndpoint,
  });
