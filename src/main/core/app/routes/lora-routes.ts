// LoRAs: the user's trained styles and subjects, their training images (dropped files or
// library outputs), and their timelines while they train.
import { checkTrainingImages } from '../../loras/training-images'
import { checkFile } from '../inputs'
import type { RouteContext, RouteHandlers } from './route-context'

type LoraRoute = 'loras.list' | 'loras.create' | 'loras.rename' | 'loras.delete'

export function loraRoutes(ctx: RouteContext): RouteHandlers<LoraRoute> {
  return {
    'loras.list': async () => (await ctx.engine()).refreshLoras(),
    'loras.create': async ({ images, libraryImages, ...fields }) => {
      const dropped = (images ?? []).map((img, i) => ({ field: `images.${i}`, ...checkFile(img, `images.${i}`, 'image') }))
      const engine = await ctx.engine()
      const fromLibrary = await engine.readLibraryImages(libraryImages ?? [])
      const files = [...dropped.map((f) => ({ field: f.field, fileName: f.fileName, contentType: f.mime, data: f.data })), ...fromLibrary]
      // Every image decodes, or nothing is sent and nothing is charged.
      await checkTrainingImages(files)
      return engine.createLora(fields, files.map((f) => ({ field: 'images', fileName: f.fileName, contentType: f.contentType, data: f.data })))
    },
    'loras.rename': async ({ id, ...patch }) => (await ctx.engine()).renameLora(id, patch),
    'loras.delete': async ({ id }) => {
      await (await ctx.engine()).deleteLora(id)
      return null
    }
  }
}
