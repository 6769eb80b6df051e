import type { MeterEventRecord, MeterRecord } from '../billing-types'
import { invalidRequest, missingParameter, resourceMissing } from '../errors'
import { newId } from '../ids'
import { paginate } from '../pagination'
import { p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import type { AccountState } from '../state'

/**
 * Billing Meters and meter events, the usage-based billing API of this version (legacy usage records
 * were removed). A meter event names a meter by `event_name` and carries the customer id and value in
 * its payload under the meter's keys; the identifier is unique per account (Stripe enforces it within
 * a rolling window of at least 24 hours; the fake, forever), so a retried report is refused, not counted.
 */

const DAY = 86_400
/** Stripe accepts event timestamps from the past 35 calendar days up to 5 minutes ahead. */
const MAX_PAST = 35 * DAY
const MAX_FUTURE = 5 * 60

function requireMeter(ctx: RouteContext, id: string): MeterRecord {
  const meter = ctx.state.meters.get(id)
  if (!meter) throw resourceMissing('billing meter', id)
  return meter
}

/** Sum (or count, or last) of a customer's meter events with timestamps in [start, end). */
export function meterUsage(
  state: AccountState,
  meter: MeterRecord,
  customer: string,
  start: number,
  end: number,
): number {
  const events = state.meterEvents
    .values()
    .filter(
      (event) =>
        event.event_name === meter.event_name &&
        event.payload[meter.customer_mapping.event_payload_key] === customer &&
        event.timestamp >= start &&
        event.timestamp < end,
    )
  const values = events.map((event) => Number(event.payload[meter.value_settings.event_payload_key] ?? 1))
  switch (meter.default_aggregation.formula) {
    case 'count':
      return events.length
    case 'last':
      return values.at(-1) ?? 0
    case 'sum':
      return values.reduce((total, value) => total + value, 0)
  }
}

function createMeterEvent(ctx: RouteContext): Record<string, unknown> {
  const params = ctx.params as {
    event_name: string
    payload: Record<string, string>
    identifier?: string
    timestamp?: number
  }
  const meter = ctx.state.meters
    .values()
    .find((candidate) => candidate.event_name === params.event_name && candidate.status === 'active')
  if (!meter) {
    throw invalidRequest(`No active meter was found with event_name \`${params.event_name}\`.`, {
      param: 'event_name',
      code: 'resource_missing',
    })
  }
  const customerKey = meter.customer_mapping.event_payload_key
  const valueKey = meter.value_settings.event_payload_key
  const customer = params.payload[customerKey]
  if (customer === undefined) throw missingParameter(`payload[${customerKey}]`)
  if (!ctx.state.customers.has(customer))
    throw resourceMissing('customer', customer, `payload[${customerKey}]`)
  const value = params.payload[valueKey]
  if (meter.default_aggregation.formula !== 'count') {
    if (value === undefined) throw missingParameter(`payload[${valueKey}]`)
    if (!/^-?\d+(\.\d+)?$/.test(value)) {
      throw invalidRequest(`Invalid value for payload[${valueKey}]: must be a number.`, {
        param: `payload[${valueKey}]`,
      })
    }
  }
  const timestamp = params.timestamp ?? ctx.now
  if (timestamp < ctx.now - MAX_PAST || timestamp > ctx.now + MAX_FUTURE) {
    throw invalidRequest(
      'Timestamp must be within the past 35 calendar days and no more than 5 minutes in the future.',
      { param: 'timestamp' },
    )
  }
  const identifier = params.identifier ?? newId('mev')
  if (ctx.state.meterEvents.has(identifier)) {
    throw invalidRequest(`An event already exists with identifier ${identifier}.`, {
      param: 'identifier',
      code: 'duplicate_meter_event',
    })
  }
  const event: MeterEventRecord = {
    id: identifier,
    object: 'billing.meter_event',
    created: ctx.now,
    event_name: params.event_name,
    identifier,
    livemode: false,
    payload: { ...params.payload },
    timestamp,
  }
  ctx.state.meterEvents.add(event)
  const { id: _id, ...out } = renderRecord(ctx.state, event)
  return out
}

export const meterRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/billing/meters',
    resource: 'billing_meters',
    params: {
      display_name: p.string({ required: true }),
      event_name: p.string({ required: true }),
      default_aggregation: p.object(
        { formula: p.enum(['count', 'last', 'sum'], { required: true }) },
        { required: true },
      ),
      customer_mapping: p.object({
        event_payload_key: p.string({ required: true }),
        type: p.enum(['by_id'], { required: true }),
      }),
      value_settings: p.object({ event_payload_key: p.string({ required: true }) }),
      event_time_window: p.enum(['day', 'hour']),
    },
    handle: (ctx) => {
      const params = ctx.params as {
        display_name: string
        event_name: string
        default_aggregation: { formula: MeterRecord['default_aggregation']['formula'] }
        customer_mapping?: { event_payload_key: string }
        value_settings?: { event_payload_key: string }
        event_time_window?: 'day' | 'hour'
      }
      const taken = ctx.state.meters
        .values()
        .some((meter) => meter.event_name === params.event_name && meter.status === 'active')
      if (taken) {
        throw invalidRequest(`An active meter with event_name \`${params.event_name}\` already exists.`, {
          param: 'event_name',
        })
      }
      const meter: MeterRecord = {
        id: newId('mtr'),
        object: 'billing.meter',
        created: ctx.now,
        customer_mapping: {
          event_payload_key: params.customer_mapping?.event_payload_key ?? 'stripe_customer_id',
          type: 'by_id',
        },
        default_aggregation: params.default_aggregation,
        display_name: params.display_name,
        event_name: params.event_name,
        event_time_window: params.event_time_window ?? null,
        livemode: false,
        status: 'active',
        status_transitions: { deactivated_at: null },
        updated: ctx.now,
        value_settings: { event_payload_key: params.value_settings?.event_payload_key ?? 'value' },
      }
      ctx.state.meters.add(meter)
      return renderRecord(ctx.state, meter)
    },
  },
  {
    method: 'GET',
    path: '/v1/billing/meters/:id',
    resource: 'billing_meters',
    params: {},
    handle: (ctx) => renderRecord(ctx.state, requireMeter(ctx, ctx.path.id as string)),
  },
  {
    method: 'GET',
    path: '/v1/billing/meters',
    resource: 'billing_meters',
    list: true,
    params: { status: p.enum(['active', 'inactive']) },
    handle: (ctx) => {
      const status = ctx.params.status as string | undefined
      const all = ctx.state.meters.list().filter((meter) => status === undefined || meter.status === status)
      const page = paginate(all, ctx.params, '/v1/billing/meters', 'billing meter')
      return { ...page, data: page.data.map((meter) => renderRecord(ctx.state, meter)) }
    },
  },
  {
    method: 'GET',
    path: '/v1/billing/meters/:id/event_summaries',
    resource: 'billing_meters',
    list: true,
    params: {
      customer: p.string({ required: true }),
      start_time: p.integer({ required: true }),
      end_time: p.integer({ required: true }),
      value_grouping_window: p.enum(['day', 'hour']),
    },
    handle: (ctx) => {
      const meter = requireMeter(ctx, ctx.path.id as string)
      const {
        customer,
        start_time: start,
        end_time: end,
      } = ctx.params as {
        customer: string
        start_time: number
        end_time: number
      }
      if (end <= start) throw invalidRequest('end_time must be after start_time.', { param: 'end_time' })
      const summary = {
        id: `mtrusg_${meter.id.slice(4)}_${start}`,
        object: 'billing.meter_event_summary',
        aggregated_value: meterUsage(ctx.state, meter, customer, start, end),
        end_time: end,
        livemode: false,
        meter: meter.id,
        start_time: start,
      }
      return {
        object: 'list',
        data: [summary],
        has_more: false,
        url: `/v1/billing/meters/${meter.id}/event_summaries`,
      }
    },
  },
  {
    method: 'POST',
    path: '/v1/billing/meter_events',
    resource: 'billing_meters',
    params: {
      event_name: p.string({ required: true }),
      payload: p.metadata(),
      identifier: p.string(),
      timestamp: p.integer(),
    },
    handle: (ctx) => {
      if (ctx.params.payload === undefined || ctx.params.payload === null) throw missingParameter('payload')
      return createMeterEvent(ctx)
    },
  },
]
