/** Where a rolled-up payment comes from: the payment tables and the hardware orders. */
export const ROLLUP_SOURCE = { storePayment: 1, providerPayment: 2, hardware: 3 } as const;
