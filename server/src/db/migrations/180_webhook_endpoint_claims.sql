-- Webhook claims go endpoint by endpoint (services/webhooks-out/claim.ts): a skip scan finds the
-- endpoints with anything pending, then each endpoint's oldest due rows, so one endpoint's backlog never
-- hides another's. The second index counts the leases an endpoint holds (its attempts in flight on any
-- instance) without reading its whole backlog.
create index webhook_deliveries_endpoint_due_idx on webhook_deliveries (endpoint_id, next_attempt_at, id) where status = 'pending';
create index webhook_deliveries_endpoint_leased_idx on webhook_deliveries (endpoint_id, locked_until) where status = 'pending' and locked_until is not null;
