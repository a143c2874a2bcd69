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
    fields: {
      agentId: { label: '服务商', reference: providerSource },
      agentName: { label: '服务商', width: 170 },
      storeId: { label: '门店', reference: storeSource, help: '一个门店在每个支付通道只能申请一次' },
      storeName: { label: '门店', width: 160 },
      merchantName: { label: '商户全称', width: 220, placeholder: '与营业执照一致' },
      shortName: { label: '商户简称', width: 120, help: '顾客付款时看到的名称' },
      licenseNo: { label: '统一社会信用代码', width: 190, placeholder: '18 位，见营业执照' },
      legalPerson: { label: '法人', width: 90 },
      contactPhone: { label: '联系电话', width: 130 },
      settleBank: { label: '开户银行', width: 180, placeholder: '如：招商银行杭州分行' },
      settleAccount: {
        label: '结算账号',
        writeOnly: true,
        placeholder: '10–30 位银行账号',
        help: '保存后只显示前 4 位和后 4 位；重新提交时留空则沿用原账号',
      },
      settleAccountMasked: { label: '结算账号', width: 190 },
      storefrontImage: { label: '门头照片', kind: 'image', upload: documentUpload },
      licenseImage: { label: '营业执照', kind: 'image', upload: documentUpload, help: '必填；图片或 PDF，5 MB 以内' },
      idCardFrontImage: { label: '身份证人像面', kind: 'image', upload: documentUpload, help: '必填，法人身份证' },
      idCardBackImage: { label: '身份证国徽面', kind: 'image', upload: documentUpload, help: '必填，法人身份证' },
      status: { label: '状态', width: 90, tagColors: { 0: 'blue', 3: 'orange', 1: 'cyan', 2: 'red', 4: 'green' } },
      applyNo: { label: '申请单号', width: 170 },
      merchantNo: { label: '商户号', width: 150 },
      rejectReason: { label: '驳回原因', width: 220 },
      submittedAt: { label: '提交时间', width: 170 },
      reviewedAt: { label: '审核时间', width: 170 },
      activatedAt: { label: '开通时间', width: 170 },
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
      agentId: { label: '服务商', placeholder: '全部服务商' },
      storeId: { label: '门店', placeholder: '全部门店' },
      submittedAt: { label: '提交时间' },
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
