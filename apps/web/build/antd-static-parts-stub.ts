/**
 * Stands in for antd parts hung on a component as statics (Tag.CheckableTag,
 * Tag.CheckableTagGroup, Avatar.Group; antd-static-parts.ts): the static keeps them in the bundle
 * wherever the component is, and no console screen uses them.
 */
export default function UnusedAntdPart(): never {
  throw new Error(
    '控制台构建去掉了 Tag.CheckableTag、Tag.CheckableTagGroup 与 Avatar.Group，请先移除 antd-static-parts.ts',
  );
}
