import { describe, expect, it } from 'vitest';
import { agreementBlocks, agreementBody } from './agreement-text';

describe('agreementBlocks', () => {
  it('splits plain text into paragraphs and recognises numbered section headings', () => {
    const text = '欢迎使用本平台。\n\n一、总则\n本协议适用于全部服务。\r\n第二条 账号\n  请妥善保管账号。  ';
    expect(agreementBlocks(text)).toEqual([
      { kind: 'paragraph', text: '欢迎使用本平台。' },
      { kind: 'heading', text: '一、总则' },
      { kind: 'paragraph', text: '本协议适用于全部服务。' },
      { kind: 'heading', text: '第二条 账号' },
      { kind: 'paragraph', text: '请妥善保管账号。' },
    ]);
  });

  it('reads rich text as text only: scripts, handlers and links never survive', () => {
    const html =
      '<h2>一、隐私</h2><p>我们<strong>只</strong>收集必要信息。<script>alert(1)</script></p>' +
      '<img src=x onerror="alert(2)"><p><a href="javascript:alert(3)">点此</a>联系我们<br>电话 400</p><style>p{}</style>';
    const blocks = agreementBlocks(html);
    expect(blocks).toEqual([
      { kind: 'heading', text: '一、隐私' },
      { kind: 'paragraph', text: '我们只收集必要信息。' },
      { kind: 'paragraph', text: '点此联系我们' },
      { kind: 'paragraph', text: '电话 400' },
    ]);
    expect(JSON.stringify(blocks)).not.toMatch(/alert|script|onerror|javascript/);
  });

  it('keeps text that merely contains angle brackets as text', () => {
    expect(agreementBlocks('年龄 < 18 岁的用户须经监护人同意')).toEqual([
      { kind: 'paragraph', text: '年龄 < 18 岁的用户须经监护人同意' },
    ]);
  });
});

describe('agreementBody', () => {
  it("leaves out the text's own title and date line, and gives its date to the page (/privatezc)", () => {
    const blocks = agreementBlocks(
      '门店云运营平台隐私政策\n\n更新日期：2026 年 11 月 1 日\n\n正文。\n一、收集\n内容。',
    );
    expect(agreementBody(blocks, '隐私政策')).toEqual({
      date: '2026 年 11 月 1 日',
      blocks: [
        { kind: 'paragraph', text: '正文。' },
        { kind: 'heading', text: '一、收集' },
        { kind: 'paragraph', text: '内容。' },
      ],
    });
  });

  it('keeps a text that opens with its body, and gives no date of its own', () => {
    const blocks = agreementBlocks('欢迎使用本平台。\n一、总则');
    expect(agreementBody(blocks, '用户协议')).toEqual({ blocks });
    expect(agreementBody(agreementBlocks('隐私协议\n欢迎。'), '隐私协议').blocks).toEqual([
      { kind: 'paragraph', text: '欢迎。' },
    ]);
  });
});
