import { fillTemplate, templateVariables } from '@console/contract';
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';

/** Sample values a reviewer starts with, so the preview reads like a real message. */
const SAMPLES: Record<string, string> = {
  会员: '王女士',
  姓名: '王女士',
  金额: '20',
  门店: '汤泉旗舰店',
  日期: '12月1日',
};

export const sampleValues = (content: string): Record<string, string> =>
  Object.fromEntries(templateVariables(content).map((name) => [name, SAMPLES[name] ?? `示例${name}`]));

/** The text as a recipient reads it, with the signature and its length (a message is 70 characters). */
export function FilledText({ content, values }: { content: string; values: Record<string, string> }) {
  const text = fillTemplate(content, values);
  return (
    <div data-testid="template-preview">
      <Typography.Paragraph style={{ background: 'var(--ant-color-fill-tertiary)', padding: 12, borderRadius: 8 }}>
        {text}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        共 {text.length} 字，按 {Math.max(1, Math.ceil(text.length / 67))} 条计费
      </Typography.Text>
    </div>
  );
}

/** Inputs for the template's variables (as a form's `values.*` items). */
export function VariableInputs({ content }: { content: string }) {
  const names = templateVariables(content);
  if (names.length === 0) return <Typography.Text type="secondary">该模板没有变量。</Typography.Text>;
  return names.map((name) => (
    <Form.Item
      key={name}
      name={['values', name]}
      label={`{${name}}`}
      rules={[{ required: true, message: `请填写 ${name}` }]}
    >
      <Input maxLength={30} />
    </Form.Item>
  ));
}

/**
 * The detail drawer's preview: sample values the reviewer may change, and the resulting text.
 * A form only to hold the sample values (nothing is saved), so not the record machinery.
 */
export function TemplatePreview({ record }: { record: { content: string } }) {
  const [values, setValues] = useState(() => sampleValues(record.content));
  return (
    <section>
      <Typography.Title level={5}>预览</Typography.Title>
      <Form
        layout="vertical"
        initialValues={{ values }}
        onValuesChange={(_c, all: { values: typeof values }) => setValues(all.values ?? {})}
      >
        <VariableInputs content={record.content} />
      </Form>
      <FilledText content={record.content} values={values} />
    </section>
  );
}
