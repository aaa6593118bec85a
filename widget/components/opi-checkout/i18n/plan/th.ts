import type { PlanStrings } from './strings.js';

const words: PlanStrings = {
  lang: 'th',
  total: 'รวม {amount}',
  interestFree: 'ไม่มีดอกเบี้ย',
  interest: 'ดอกเบี้ย {rate}%',
  fees: 'อาจมีค่าธรรมเนียม',
  noFees: 'ไม่มีค่าธรรมเนียม',
  lateFees: 'อาจมีค่าปรับชำระล่าช้า',
  schedule: 'ตารางการชำระเงินกับ {provider}',
  terms: 'ข้อกำหนด',
  declined: 'ปฏิเสธการชำระเงินนี้',
};

export default words;
