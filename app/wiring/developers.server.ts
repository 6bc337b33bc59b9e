/**
 * The Developers pages' services (ADR 0041): API keys and webhook endpoints on the process's
 * store. The rules live in core/api (key-management.server.ts, webhooks/endpoints.server.ts).
 */
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
