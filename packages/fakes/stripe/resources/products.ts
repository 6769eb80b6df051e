import { invalidRequest, resourceMissing } from '../errors'
import { newId } from '../ids'
import { paginate } from '../pagination'
import { accepted, mergeMetadata, p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import type { ProductRecord } from '../types'

export function requireProduct(ctx: RouteContext, id: string, param = 'id'): ProductRecord {
  const product = ctx.state.products.get(id)
  if (!product) throw resourceMissing('product', id, param)
  return product
}

/** Shared by `POST /v1/products` and prices' `product_data`. */
export function createProduct(
  ctx: RouteContext,
  input: { id?: string; name: string; active?: boolean; description?: string | null; metadata?: unknown },
  param = 'id',
): ProductRecord {
  const id = input.id ?? newId('prod')
  if (ctx.state.products.has(id)) {
    throw invalidRequest(`Product already exists.`, { code: 'resource_already_exists', param })
  }
  if (input.name.trim() === '')
    throw invalidRequest('You must provide a name for the product.', { param: 'name' })
  const product: ProductRecord = {
    id,
    object: 'product',
    active: input.active ?? true,
    created: ctx.now,
    default_price: null,
    description: input.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: mergeMetadata({}, input.metadata as Record<string, string | null> | undefined),
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: ctx.now,
    url: null,
  }
  ctx.state.products.add(product)
  ctx.emit('product.created', renderRecord(ctx.state, product))
  return product
}

export const productRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/products',
    resource: 'products',
    params: {
      name: p.string({ required: true }),
      id: p.string(),
      active: p.boolean(),
      description: p.string(),
      metadata: p.metadata(),
      ...accepted(
        'default_price_data',
        'images',
        'marketing_features',
        'package_dimensions',
        'shippable',
        'statement_descriptor',
        'tax_code',
        'tax_details',
        'type',
        'unit_label',
        'url',
      ),
    },
    handle: (ctx) => {
      const { name, id, active, description, metadata } = ctx.params as {
        name: string
        id?: string
        active?: boolean
        description?: string
        metadata?: unknown
      }
      return renderRecord(ctx.state, createProduct(ctx, { name, id, active, description, metadata }))
    },
  },
  {
    method: 'GET',
    path: '/v1/products/:id',
    resource: 'products',
    params: {},
    handle: (ctx) => renderRecord(ctx.state, requireProduct(ctx, ctx.path.id as string)),
  },
  {
    method: 'POST',
    path: '/v1/products/:id',
    resource: 'products',
    params: {
      name: p.string(),
      active: p.boolean(),
      description: p.string({ emptyable: true }),
      metadata: p.metadata(),
      ...accepted('default_price', 'images', 'marketing_features', 'package_dimensions', 'shippable'),
      ...accepted('statement_descriptor', 'tax_code', 'tax_details', 'unit_label', 'url'),
    },
    handle: (ctx) => {
      const product = requireProduct(ctx, ctx.path.id as string)
      const before = renderRecord(ctx.state, product)
      const params = ctx.params
      if (params.name !== undefined) product.name = params.name as string
      if (params.active !== undefined) product.active = params.active as boolean
      if (params.description !== undefined)
        product.description = (params.description as string | null) || null
      product.metadata = mergeMetadata(product.metadata, params.metadata as Record<string, string | null>)
      product.updated = ctx.now
      const after = renderRecord(ctx.state, product)
      ctx.emit('product.updated', after, before)
      return after
    },
  },
  {
    method: 'GET',
    path: '/v1/products',
    resource: 'products',
    list: true,
    params: {
      active: p.boolean(),
      ids: p.array(p.string()),
      ...accepted('created', 'shippable', 'type', 'url'),
    },
    handle: (ctx) => {
      const active = ctx.params.active as boolean | undefined
      const ids = ctx.params.ids as string[] | undefined
      const all = ctx.state.products
        .list()
        .filter((product) => active === undefined || product.active === active)
        .filter((product) => ids === undefined || ids.includes(product.id))
      const page = paginate(all, ctx.params, '/v1/products', 'product')
      return { ...page, data: page.data.map((product) => renderRecord(ctx.state, product)) }
    },
  },
]
