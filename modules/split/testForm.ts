/** A complete new split bid as the form posts it (server tests): a monthly 3-month bid from 31 Jan 2025. */
export const splitBidForm = (extra: Record<string, unknown> = {}) => ({
  phone: '+7 (701) 555-01-01',
  full_name: 'Кузнецов Андрей Викторович',
  tariff: 1,
  term: 3,
  amount: '1000000.00',
  percent: '12',
  bonus: '0',
  payout: 2,
  gender: 1,
  passport_series: '4510',
  passport_number: '123456',
  passport_issued: '2015-03-17',
  passport_issuer: 'ОВД Тверского района г. Москвы',
  address: 'г. Москва, ул. Тверская, д. 1, кв. 1',
  start_date: '2025-01-31',
  ...extra,
})
