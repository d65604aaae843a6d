import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslate } from '@refinedev/core';
import { App, Button, Space, Tooltip, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { consoleUpload } from '../providers/http';
import { IMAGE_UPLOAD_PATH, type UploadedImage } from './image-upload';

export interface RichTextEditorProps {
  value?: string | null;
  onChange?: (html: string) => void;
  /** Accessible name of the editing area. */
  label?: string;
}

/**
 * The console's rich-text editor (tiptap): headings, bold, italic, lists, links, blockquotes and
 * images uploaded to the site's store through `/v1/admin/images`. It writes HTML; the server keeps
 * only what the public pages allow (scripts, handlers and other sites' images are removed).
 */
export function RichTextEditor({ value, onChange, label }: RichTextEditorProps) {
  const t = useTranslate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, code: false, codeBlock: false, strike: false, underline: false, horizontalRule: false, link: { openOnClick: false, protocols: ['https', 'http'] } }),
      Image,
    ],
    content: value ?? '',
    editorProps: { attributes: { class: 'rich-text-editor__area', role: 'textbox', 'aria-multiline': 'true', ...(label ? { 'aria-label': label } : {}) } },
    onUpdate: ({ editor: e }) => onChange?.(e.getHTML()),
  });
  // A value loaded after the editor started (the record arrives later than the form).
  useEffect(() => {
    if (editor && value !== undefined && value !== null && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  const toggle = (name: string, run: () => boolean, active: boolean, text: string) => (
    <Tooltip title={text} key={name}>
      <Button size="small" type={active ? 'primary' : 'default'} aria-pressed={active} onClick={run}>
        {text}
      </Button>
    </Tooltip>
  );
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(t('richText.linkPrompt'), previous);
    if (href === null) return;
    if (href === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };
  return (
    <div className="rich-text-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space wrap size={4} style={{ padding: 6, borderBottom: '1px solid #f0f0f0' }}>
        {toggle('h2', () => editor.chain().focus().toggleHeading({ level: 2 }).run(), editor.isActive('heading', { level: 2 }), 'H2')}
        {toggle('h3', () => editor.chain().focus().toggleHeading({ level: 3 }).run(), editor.isActive('heading', { level: 3 }), 'H3')}
        {toggle('bold', () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'), t('richText.bold'))}
        {toggle('italic', () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic'), t('richText.italic'))}
        {toggle('bullet', () => editor.chain().focus().toggleBulletList().run(), editor.isActive('bulletList'), t('richText.bulletList'))}
        {toggle('ordered', () => editor.chain().focus().toggleOrderedList().run(), editor.isActive('orderedList'), t('richText.orderedList'))}
        {toggle('quote', () => editor.chain().focus().toggleBlockquote().run(), editor.isActive('blockquote'), t('richText.quote'))}
        {toggle('link', () => (setLink(), true), editor.isActive('link'), t('richText.link'))}
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif"
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) => {
            const form = new FormData();
            form.append('file', file as Blob);
            setBusy(true);
            consoleUpload<UploadedImage>(IMAGE_UPLOAD_PATH, form)
              .then((image) => {
                editor.chain().focus().setImage({ src: image.url, alt: '' }).run();
                onSuccess?.(image);
              })
              .catch((error: unknown) => {
                const text = error instanceof Object && 'message' in error ? String(error.message) : '';
                void message.error(`${t('upload.failed')}: ${text}`);
                onError?.(error instanceof Error ? error : new Error(text));
              })
              .finally(() => setBusy(false));
          }}
        >
          <Button size="small" loading={busy}>
            {t('richText.image')}
          </Button>
        </Upload>
      </Space>
      <EditorContent editor={editor} style={{ padding: '8px 12px', minHeight: 240 }} />
    </div>
  );
}
