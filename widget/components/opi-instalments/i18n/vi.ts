import type { InstalmentStrings } from './strings.js';

const vi: InstalmentStrings = {
  lang: 'vi',
  offer: 'hoặc trả {plan} qua {provider}',
  offerInterestFree: 'hoặc trả {plan} không lãi suất qua {provider}',
  plan: '{count} × {amount}',
  interval: { day: 'hằng ngày', week: 'hằng tuần', fortnight: 'hai tuần một lần', month: 'hằng tháng' },
  availableFrom: 'Hỗ trợ trả góp cho đơn hàng từ {amount}',
  learnMore: 'Tìm hiểu thêm',
  dialogTitle: 'Thanh toán trả góp',
  interestFree: 'Không lãi suất',
  close: 'Đóng',
};

export default vi;
