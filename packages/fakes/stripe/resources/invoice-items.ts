import { resourceMissing } from '../errors'
import { paginate } from '../pagination'
import { accepted, p } from '../params'
import { renderRecord } from '../render'
import type { Route } from '../router'

/**
 * Read access to the proration invoice items the fake records for mid-period plan changes, so a
 * client can check what a swap will bill (`pending=true` lists lines not yet on an invoice).
 */
export const invoiceItemRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/invoiceitems/:id',
    resource: 'invoice_items',
    params: {},
    handle: (ctx) => {
      const id = ctx.path.id as string
      const item = ctx.state.invoiceItems.get(id)
      if (!item) throw resourceMissing('invoiceitem', id)
      return renderRecord(ctx.state, item)
    },
  },
  {
    method: 'GET',
    path: '/v1/invoiceitems',
    resource: 'invoice_items',
    list: true,
    params: {
      customer: p.string(),
      invoice: p.string(),
      pending: p.boolean(),
      ...accepted('created', 'customer_account'),
    },
    handle: (ctx) => {
      const q = ctx.params as { customer?: string; invoice?: string; pending?: boolean }
      const all = ctx.state.invoiceItems
        .list()
        .filter((item) => q.customer === undefined || item.customer === q.customer)
        .filter((item) => q.invoice === undefined || item.invoice === q.invoice)
        .filter((item) => q.pending === undefined || (item.invoice === null) === q.pending)
      const page = paginate(all, ctx.params, '/v1/invoiceitems', 'invoiceitem')
      return { ...page, data: page.data.map((item) => renderRecord(ctx.state, item)) }
    },
  },
]
