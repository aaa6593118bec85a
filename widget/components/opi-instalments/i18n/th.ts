import type { InstalmentStrings } from './strings.js';

const th: InstalmentStrings = {
  lang: 'th',
  offer: 'หรือผ่อน {plan} กับ {provider}',
  offerInterestFree: 'หรือผ่อน {plan} กับ {provider} ไม่มีดอกเบี้ย',
  plan: '{count} × {amount}',
  interval: { day: 'รายวัน', week: 'รายสัปดาห์', fortnight: 'ทุกสองสัปดาห์', month: 'รายเดือน' },
  availableFrom: 'ผ่อนชำระได้สำหรับคำสั่งซื้อตั้งแต่ {amount}',
  learnMore: 'ดูรายละเอียด',
  dialogTitle: 'ผ่อนชำระ',
  interestFree: 'ไม่มีดอกเบี้ย',
  close: 'ปิด',
};

export default th;
