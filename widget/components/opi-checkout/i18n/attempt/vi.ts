import type { AttemptStrings } from './strings.js';

const words: AttemptStrings = {
  lang: 'vi',
  outcomes: {
    declined: '{provider} không chấp thuận khoản thanh toán này. Bạn chưa bị trừ tiền.',
    cancelled: 'Bạn đã rời {provider} trước khi thanh toán. Bạn chưa bị trừ tiền.',
    failed: '{provider} không thể nhận khoản thanh toán này. Bạn chưa bị trừ tiền.',
    expired: 'Đã hết thời gian thanh toán với {provider}. Bạn chưa bị trừ tiền.',
    pending:
      '{provider} vẫn đang xác nhận khoản thanh toán của bạn. Bạn chưa bị trừ tiền; trang này sẽ tự cập nhật khi hoàn tất.',
  },
  reasons: {
    credit_check: 'Khoản thanh toán không qua được bước kiểm tra tín dụng của họ.',
    verification: 'Họ không thể xác minh danh tính của bạn.',
    provider_error: 'Họ gặp sự cố kỹ thuật.',
  },
  next: 'Thông tin của bạn đã được điền: thanh toán với {provider} bên dưới.',
  again: 'Thông tin của bạn đã được điền: thanh toán bên dưới khi bạn sẵn sàng.',
};

export default words;
