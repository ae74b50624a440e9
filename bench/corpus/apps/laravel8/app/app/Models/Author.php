<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Model;
use Illuminate\Database\Eloquent\Relations\HasMany;

/**
 * @property int $id
 * @property string $name
 * @property string $slug
 * @property string $bio
 */
class Author extends Model
{
    /**
     * @var array<int, string>
     */
    protected $fillable = ['name', 'slug', 'bio'];

    public function posts(): HasMany
    {
        return $this->hasMany(Post::class);
    }
}
