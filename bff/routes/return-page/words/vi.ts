import type { ReturnPageWords } from './words.js';

const vi: ReturnPageWords = {
  notFound: {
    title: 'Không tìm thấy khoản thanh toán này',
    message:
      'Liên kết bạn vừa mở không khớp với đơn hàng nào của cửa hàng này. Vui lòng quay lại cửa hàng và kiểm tra đơn hàng tại đó.',
  },
  damaged: {
    title: 'Liên kết này bị lỗi',
    message:
      'Địa chỉ của trang này không đầy đủ hoặc đã bị thay đổi. Vui lòng quay lại cửa hàng và kiểm tra đơn hàng tại đó.',
  },
  tooMany: {
    title: 'Quá nhiều lần thử',
    message: 'Vui lòng đợi một lát rồi quay lại cửa hàng. Trạng thái đơn hàng của bạn sẽ hiển thị ở đó.',
  },
  unavailable: {
    title: 'Chưa thể xác nhận thanh toán của bạn lúc này',
    message: 'Vui lòng quay lại cửa hàng sau ít phút. Trạng thái đơn hàng của bạn sẽ hiển thị ở đó.',
  },
  expired: {
    title: 'Phiên thanh toán này đã hết hạn',
    message: 'Vui lòng quay lại cửa hàng và bắt đầu lại phiên thanh toán.',
  },
  completed: {
    title: 'Phiên thanh toán này đã hoàn tất',
    message: 'Đơn hàng đã được thanh toán. Cửa hàng hiển thị trạng thái đơn hàng của bạn.',
  },
  payPage: {
    title: 'Thanh toán cho {merchant}',
    summary: 'Đơn hàng của bạn',
    shipping: 'Phí vận chuyển',
    tax: 'Thuế',
    discount: 'Giảm giá',
    total: 'Tổng cộng',
    backToShop: 'Quay lại cửa hàng',
  },
};

export default vi;
