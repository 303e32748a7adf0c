import { type FormEvent, type ReactNode, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOff from '@mui/icons-material/LinkOff';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { HTML_STYLES } from '../../components/HtmlContent.tsx';

/** Links may use these schemes only (the server's sanitiser drops every other one). */
const LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[0-9 ()/-]+)$/i;

/** The link as it is stored: a bare domain becomes https; answers null for any other scheme. */
export function normaliseLink(input: string): string | null {
  const url = input.trim();
  if (!url) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  return LINK.test(withScheme) ? withScheme : null;
}

/**
 * The rich-text editor of the help texts (Tiptap): headings, paragraphs, bold and italic, lists and
 * links with http, https, mailto and tel. Loaded only on the editor screens, never with the app.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  minHeight = 320,
  headings = [2, 3],
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  minHeight?: number;
  /** The heading levels offered; a tutorial step's text has its title outside and offers only H3. */
  headings?: readonly (2 | 3)[];
}) {
  const { t } = useTranslation('help');
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [...headings] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          isAllowedUri: (url) => normaliseLink(url) !== null,
        },
      }),
    ],
    content: value,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      paragraph: e.isActive('paragraph'),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (name: string, active: boolean, run: () => void, icon: ReactNode, disabled = false) => (
    <Tooltip title={t(`editor.${name}`)} key={name}>
      <span>
        <IconButton
          size="small"
          aria-label={t(`editor.${name}`)}
          aria-pressed={active}
          disabled={disabled}
          onClick={run}
          color={active ? 'primary' : 'default'}
          sx={active ? { bgcolor: 'action.selected' } : undefined}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const text = (name: string, active: boolean, run: () => void, short: string) => (
    <Button
      key={name}
      size="small"
      aria-label={t(`editor.${name}`)}
      aria-pressed={active}
      onClick={run}
      variant={active ? 'contained' : 'text'}
      disableElevation
      sx={{ minWidth: 36, px: 1, fontWeight: 700 }}
    >
      {short}
    </Button>
  );

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      <Box
        role="toolbar"
        aria-label={t('editor.toolbar')}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.5,
          p: 0.75,
          borderBottom: 1,
          borderColor: 'divider',
          position: 'sticky',
          top: 0,
          bgcolor: 'background.paper',
          zIndex: 1,
          borderTopLeftRadius: 8,
          borderTopRightRadius: 8,
        }}
      >
        {headings.includes(2) &&
          text('heading2', state.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {headings.includes(3) &&
          text('heading3', state.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        {text('paragraph', state.paragraph, () => chain().setParagraph().run(), '¶')}
        <Divider orientation="vertical" flexItem />
        {tool('bold', state.bold, () => chain().toggleBold().run(), <FormatBold fontSize="small" />)}
        {tool('italic', state.italic, () => chain().toggleItalic().run(), <FormatItalic fontSize="small" />)}
        {tool(
          'bulletList',
          state.bullet,
          () => chain().toggleBulletList().run(),
          <FormatListBulleted fontSize="small" />,
        )}
        {tool(
          'orderedList',
          state.ordered,
          () => chain().toggleOrderedList().run(),
          <FormatListNumbered fontSize="small" />,
        )}
        <Divider orientation="vertical" flexItem />
        {tool('link', state.link, () => setLinkOpen(true), <LinkIcon fontSize="small" />)}
        {tool(
          'unlink',
          false,
          () => chain().extendMarkRange('link').unsetLink().run(),
          <LinkOff fontSize="small" />,
          !state.link,
        )}
        <Divider orientation="vertical" flexItem />
        {tool('undo', false, () => chain().undo().run(), <Undo fontSize="small" />, !state.canUndo)}
        {tool('redo', false, () => chain().redo().run(), <Redo fontSize="small" />, !state.canRedo)}
      </Box>
      <Box
        sx={{
          ...HTML_STYLES,
          px: 2,
          py: 1.5,
          '& .ProseMirror': { minHeight, outline: 'none' },
          '& .ProseMirror > :first-of-type': { mt: 0 },
        }}
      >
        <EditorContent editor={editor} data-testid="rich-text-editor" />
      </Box>
      {linkOpen && (
        <LinkDialog
          initial={state.href}
          onClose={() => setLinkOpen(false)}
          onSave={(href) => {
            setLinkOpen(false);
            chain().extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
    </Box>
  );
}

function LinkDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: string;
  onClose: () => void;
  onSave: (href: string) => void;
}) {
  const { t } = useTranslation(['help', 'common']);
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // React events cross portals: the surrounding form (a FormDialog) must not submit too.
    e.stopPropagation();
    const href = normaliseLink(value);
    if (href === null) setInvalid(true);
    else onSave(href);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle>{t('editor.linkTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            // A dialog moves focus into itself on opening, to its first field (WAI-ARIA APG dialog pattern).
            // oxlint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            fullWidth
            label={t('editor.linkUrl')}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={invalid ? t('editor.linkInvalid') : t('editor.linkHint')}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('editor.linkApply')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
