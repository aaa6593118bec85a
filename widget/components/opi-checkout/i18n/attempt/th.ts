import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'th',
  outcomes: {
    declined: '{provider} ไม่อนุมัติการชำระเงินนี้ ไม่มีการหักเงิน',
    cancelled: 'คุณออกจาก {provider} ก่อนชำระเงิน ไม่มีการหักเงิน',
    failed: '{provider} ไม่สามารถรับการชำระเงินนี้ได้ ไม่มีการหักเงิน',
    expired: 'หมดเวลาชำระเงินกับ {provider} แล้ว ไม่มีการหักเงิน',
    pending: '{provider} กำลังยืนยันการชำระเงินของคุณ ยังไม่มีการหักเงิน หน้านี้จะอัปเดตเมื่อเสร็จสิ้น',
  },
  reasons: {
    credit_check: 'ไม่ผ่านการตรวจสอบเครดิตของผู้ให้บริการ',
    verification: 'ผู้ให้บริการไม่สามารถยืนยันตัวตนของคุณได้',
    provider_error: 'ผู้ให้บริการมีปัญหาทางเทคนิค',
  },
  next: 'กรอกข้อมูลของคุณไว้แล้ว: ชำระเงินด้วย {provider} ด้านล่าง',
  again: 'กรอกข้อมูลของคุณไว้แล้ว: ชำระเงินด้านล่างเมื่อคุณพร้อม',
};

export default words;
