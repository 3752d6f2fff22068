// Dragging a library file out of the window into another app or the file manager. The
// page names a library-relative path; main resolves it inside the library and starts an
// OS drag of that file. Nothing outside the library can be dragged this way.
import { app, ipcMain, nativeImage, type IpcMainEvent, type NativeImage } from 'electron'
import { extname } from 'node:path'
import { senderIsApp, type SenderPolicy } from './sender-check'

export const DRAG_CHANNEL = 'app:drag-out'
const ICON_PX = 96
/** nativeImage decodes only these; other files get the OS icon for their type. */
const DECODABLE = new Set(['.png', '.jpg', '.jpeg'])

async function dragIcon(file: string): Promise<NativeImage | null> {
  if (DECODABLE.has(extname(file).toLowerCase())) {
    const image = nativeImage.createFromPath(file)
    if (!image.isEmpty()) {
      const { width, height } = image.getSize()
      return width >= height ? image.resize({ width: ICON_PX }) : image.resize({ height: ICON_PX })
    }
  }
  const icon = await app.getFileIcon(file, { size: 'normal' }).catch(() => null)
  // macOS refuses a drag with an empty image.
  return icon && !icon.isEmpty() ? icon : null
}

export interface DragOutOptions extends SenderPolicy {
  resolve(relativePath: string): Promise<string | null>
}

export function registerDragOut(opts: DragOutOptions): () => void {
  const listener = (event: IpcMainEvent, relativePath: unknown): void => {
    if (!senderIsApp(event, opts)) return
    if (typeof relativePath !== 'string' || !relativePath || relativePath.length > 1024) return
    const contents = event.sender
    void (async () => {
      const file = await opts.resolve(relativePath).catch(() => null)
      if (!file || contents.isDestroyed()) return
      const icon = await dragIcon(file)
      if (icon) contents.startDrag({ file, icon })
    })()
  }
  ipcMain.on(DRAG_CHANNEL, listener)
  return () => ipcMain.off(DRAG_CHANNEL, listener)
}
