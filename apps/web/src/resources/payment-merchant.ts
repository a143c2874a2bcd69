import { sweepMerchantResource, wsMerchantResource } from '@console/contract';
import { defineWebResource } from '../components/resource/define-web-resource';
import { providerSource, storeSource } from '../components/resource/reference-sources';

type MerchantResource = typeof sweepMerchantResource;
/** The images are stored files (purpose merchantDocument) kept by key; the server resolves and checks them. */
const documentUpload = { purpose: 'merchantDocument', keep: 'key' } as const;

/**
 * 扫码支付商户 and 微信服务商商户 (platform /payManger/*, provider /agentSweep, /agentWs): one
 * definition, parameterised by the payment provider's resource. The server scopes a provider's
 * operators to their own applications; the 服务商 filter shows only to those who may list providers.
 * Only a rejected application is changed, and the change resubmits it.
 */
export function merchantWeb(resource: MerchantResource) {
  return defineWebResource(resource, {
    // Labels are the contract's; the web adds 服务商 to the provider id (not an export column) and
    // 结算账号 to the write-only input.
    fields: {
      agentId: { label: '服务商', reference: providerSource },
      agentName: { width: 170 },
      storeId: { reference: storeSource, help: '一个门店在每个支付通道只能申请一次' },
      storeName: { width: 160 },
      merchantName: { width: 220, placeholder: '与营业执照一致' },
      shortName: { width: 120, help: '顾客付款时看到的名称' },
      licenseNo: { width: 190, placeholder: '18 位，见营业执照' },
      legalPerson: { width: 90 },
      contactPhone: { width: 130 },
      settleBank: { width: 180, placeholder: '如：招商银行杭州分行' },
      settleAccount: {
        label: '结算账号',
        writeOnly: true,
        placeholder: '10–30 位银行账号',
        help: '保存后只显示前 4 位和后 4 位；重新提交时留空则沿用原账号',
      },
      settleAccountMasked: { width: 190 },
      storefrontImage: { kind: 'image', upload: documentUpload },
      licenseImage: { kind: 'image', upload: documentUpload, help: '必填；图片或 PDF，5 MB 以内' },
      idCardFrontImage: { kind: 'image', upload: documentUpload, help: '必填，法人身份证' },
      idCardBackImage: { kind: 'image', upload: documentUpload, help: '必填，法人身份证' },
      status: { width: 90, tagColors: { 0: 'blue', 3: 'orange', 1: 'cyan', 2: 'red', 4: 'green' } },
      applyNo: { width: 170 },
      merchantNo: { width: 150 },
      rejectReason: { width: 220 },
      submittedAt: { width: 170 },
      reviewedAt: { width: 170 },
      activatedAt: { width: 170 },
    },
    columns: [
      'storeName',
      'agentName',
      'merchantName',
      'shortName',
      'status',
      'rejectReason',
      'merchantNo',
      'submittedAt',
    ],
    search: ['keyword', 'agentId', 'storeId', 'status', 'submittedAt'],
    filterLabels: {
      keyword: { label: '关键词', placeholder: '商户全称、简称或商户号' },
      agentId: { placeholder: '全部服务商' },
      storeId: { placeholder: '全部门店' },
    },
    form: [
      'storeId',
      'merchantName',
      'shortName',
      'licenseNo',
      'legalPerson',
      'contactPhone',
      'settleBank',
      'settleAccount',
      'licenseImage',
      'idCardFrontImage',
      'idCardBackImage',
      'storefrontImage',
    ],
    detail: [
      'agentName',
      'storeName',
      'merchantName',
      'shortName',
      'licenseNo',
      'legalPerson',
      'contactPhone',
      'settleBank',
      'settleAccountMasked',
      'licenseImage',
      'idCardFrontImage',
      'idCardBackImage',
      'storefrontImage',
      'status',
      'rejectReason',
      'applyNo',
      'merchantNo',
      'submittedAt',
      'reviewedAt',
      'activatedAt',
    ],
    editable: (row) => row.status === 2,
    editLabel: '修改并重新提交',
    deletable: (row) => row.status !== 1 && row.status !== 4,
    rowTitle: (row) => row.merchantName,
  });
}

export const sweepMerchantWeb = merchantWeb(sweepMerchantResource);
export const wsMerchantWeb = merchantWeb(wsMerchantResource);
