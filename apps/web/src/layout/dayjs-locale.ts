import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Dates in the console read Chinese (pickers, month names, relative times). Imported by the shell,
// not the theme provider, so the sign-in page does not download dayjs (issue 7's /login budget).
dayjs.locale('zh-cn');
