import { agentResource, editionResource, enterpriseResource, storeResource } from '@console/contract';
import { type ReferenceSource, referenceTo } from './reference-select';

// The tenancy tree's records as remote selects, declared once for every screen that filters or
// picks by them. Each searches its own keyword filter and reads a chosen id's name through `get`.

/** 服务商: searched by name, number or phone. */
export const providerSource: ReferenceSource = referenceTo(agentResource, { label: 'name', search: 'keyword' });
/** 企业: searched by name, contact or phone (a provider operator sees only their own). */
export const enterpriseSource: ReferenceSource = referenceTo(enterpriseResource, { label: 'name', search: 'keyword' });
/** 门店: searched by name, number, phone or region. */
export const storeSource: ReferenceSource = referenceTo(storeResource, { label: 'name', search: 'keyword' });
/** 版本: the editions a store can run (a free auth code grants one). */
export const editionSource: ReferenceSource = referenceTo(editionResource, { label: 'name', search: 'keyword' });
